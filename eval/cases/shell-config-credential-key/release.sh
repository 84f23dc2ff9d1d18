#!/usr/bin/env bash
mkdir -p "$HOME/.docker"
cat > "$HOME/.docker/config.json" <<- "JSON"
{
        "auths": {
                "https://index.docker.io/v1/": {
                        "auth": "HUB_AUTH_PLACEHOLDER"
                }
        }
}
JSON
sed -i "s/HUB_AUTH_PLACEHOLDER/${HUB_AUTH}/" "$HOME/.docker/config.json"
docker pull registry.gitlab.com/fjordworks/api:latest
docker tag registry.gitlab.com/fjordworks/api:latest fjordworks/api:latest
docker push fjordworks/api:latest
