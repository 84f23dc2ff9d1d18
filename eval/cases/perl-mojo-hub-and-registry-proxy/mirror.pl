#!/usr/bin/env perl
use Mojo::Base -strict, -signatures;
use Mojo::UserAgent;

# Mirrors image metadata for a team: reads Hub listings, pulls manifests through the registry.
my $hub  = $ENV{MIRROR_HUB_API} // 'https://hub.docker.com/v2';
my $team = shift // 'orbitworks';
my $ua   = Mojo::UserAgent->new->max_redirects(0)->connect_timeout(15);

sub hub_token ($user, $pass) {
	my $tx = $ua->post("$hub/users/login/" => json => { username => $user, password => $pass });
	return $tx->result->json->{token};
}

sub team_repos ($jwt) {
	my $page = $ua->get("$hub/repositories/$team/?page_size=100" => { Authorization => "JWT $jwt" });
	return @{ $page->result->json->{results} };
}

sub tag_names ($repo) {
	my $list = $ua->get("$hub/repositories/$team/$repo/tags/?page_size=25");
	return map { $_->{name} } @{ $list->result->json->{results} };
}

sub manifest_p ($method, $repo, $ref) {
	my $url = "https://registry-1.docker.io/v2/$team/$repo/manifests/$ref";
	return $ua->$method($url => { Accept => 'application/vnd.oci.image.index.v1+json' });
}

my $jwt = hub_token($ENV{MIRROR_USER}, $ENV{MIRROR_PASS});
for my $repo (map { $_->{name} } team_repos($jwt)) {
	say "$repo: ", join(', ', tag_names($repo));
	manifest_p('head_p', $repo, 'latest')->wait;
}
