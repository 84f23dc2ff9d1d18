#!/usr/bin/perl
# Print this node's Docker Hub pull rate limit.
use JSON::PP qw(decode_json);

$token_cmd = "curl -s \"https://auth.docker.io/token?service=registry.docker.io&scope=repository:ratelimitpreview/test:pull\"";
$token = decode_json(`$token_cmd`)->{'token'};
$limit_cmd = "curl -s --head -H \"Authorization: Bearer $token\" https://registry-1.docker.io/v2/ratelimitpreview/test/manifests/latest | grep -i ratelimit";
print(`$limit_cmd`);
