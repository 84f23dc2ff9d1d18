<?php
function listRepos($x) {
    return file_get_contents("https://hub.docker.com/v2/repositories/" . rawurlencode($x) . "/");
}
