// Generated from rules/*.yaml by `npm run gen` — do not edit by hand.
/** rules/hub-api.yaml's hostSets: the hosts each Hub route was served on. */
export const HUB_HOST_SETS: Readonly<Record<string, readonly string[]>> = {
  "hub": [
    "hub.docker.com",
    "registry.hub.docker.com",
    "cloud.docker.com"
  ],
  "hub-v1": [
    "hub.docker.com",
    "registry.hub.docker.com",
    "index.docker.io"
  ],
  "hub-search": [
    "hub.docker.com",
    "registry.hub.docker.com",
    "cloud.docker.com",
    "store.docker.com"
  ]
};
