# Shared settings for the CI helpers (sourced, not run).
HUB_API="https://hub.docker.com/v2"
HUB_ORG="${HUB_ORG:-acme}"
