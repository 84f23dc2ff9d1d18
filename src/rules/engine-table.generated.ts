// Generated from rules/*.yaml by `npm run gen` — do not edit by hand.
import type { EngineTable } from './engine-types.js';

export const ENGINE_TABLE: EngineTable = {
  "schema": 1,
  "tooNewRejectedSince": "1.34",
  "releases": [
    {
      "engine": "17.03",
      "api": "1.26",
      "minApi": "1.12"
    },
    {
      "engine": "17.03.1",
      "api": "1.27",
      "minApi": "1.12"
    },
    {
      "engine": "17.04",
      "api": "1.28",
      "minApi": "1.12"
    },
    {
      "engine": "17.05",
      "api": "1.29",
      "minApi": "1.12"
    },
    {
      "engine": "17.06",
      "api": "1.30",
      "minApi": "1.12"
    },
    {
      "engine": "17.07",
      "api": "1.31",
      "minApi": "1.12"
    },
    {
      "engine": "17.09",
      "api": "1.32",
      "minApi": "1.12"
    },
    {
      "engine": "17.10",
      "api": "1.33",
      "minApi": "1.12"
    },
    {
      "engine": "17.11",
      "api": "1.34",
      "minApi": "1.12"
    },
    {
      "engine": "17.12",
      "api": "1.35",
      "minApi": "1.12"
    },
    {
      "engine": "18.01",
      "api": "1.35",
      "minApi": "1.12"
    },
    {
      "engine": "18.02",
      "api": "1.36",
      "minApi": "1.12"
    },
    {
      "engine": "18.03",
      "api": "1.37",
      "minApi": "1.12"
    },
    {
      "engine": "18.04",
      "api": "1.37",
      "minApi": "1.12"
    },
    {
      "engine": "18.05",
      "api": "1.37",
      "minApi": "1.12"
    },
    {
      "engine": "18.06",
      "api": "1.38",
      "minApi": "1.12"
    },
    {
      "engine": "18.09",
      "api": "1.39",
      "minApi": "1.12"
    },
    {
      "engine": "19.03",
      "api": "1.40",
      "minApi": "1.12"
    },
    {
      "engine": "20.10",
      "api": "1.41",
      "minApi": "1.12"
    },
    {
      "engine": "23.0",
      "api": "1.42",
      "minApi": "1.12"
    },
    {
      "engine": "24.0",
      "api": "1.43",
      "minApi": "1.12"
    },
    {
      "engine": "25.0",
      "api": "1.44",
      "minApi": "1.24"
    },
    {
      "engine": "26.0",
      "api": "1.45",
      "minApi": "1.24"
    },
    {
      "engine": "26.1",
      "api": "1.45",
      "minApi": "1.24"
    },
    {
      "engine": "27.0",
      "api": "1.46",
      "minApi": "1.24"
    },
    {
      "engine": "27.1",
      "api": "1.46",
      "minApi": "1.24"
    },
    {
      "engine": "27.2",
      "api": "1.47",
      "minApi": "1.24"
    },
    {
      "engine": "27.3",
      "api": "1.47",
      "minApi": "1.24"
    },
    {
      "engine": "27.4",
      "api": "1.47",
      "minApi": "1.24"
    },
    {
      "engine": "27.5",
      "api": "1.47",
      "minApi": "1.24"
    },
    {
      "engine": "28.0",
      "api": "1.48",
      "minApi": "1.24"
    },
    {
      "engine": "28.1",
      "api": "1.49",
      "minApi": "1.24"
    },
    {
      "engine": "28.2",
      "api": "1.50",
      "minApi": "1.24"
    },
    {
      "engine": "28.3",
      "api": "1.51",
      "minApi": "1.24"
    },
    {
      "engine": "28.4",
      "api": "1.51",
      "minApi": "1.24"
    },
    {
      "engine": "28.5",
      "api": "1.51",
      "minApi": "1.24"
    },
    {
      "engine": "29.0",
      "api": "1.52",
      "minApi": "1.44"
    },
    {
      "engine": "29.1",
      "api": "1.52",
      "minApi": "1.44"
    },
    {
      "engine": "29.2",
      "api": "1.53",
      "minApi": "1.44"
    },
    {
      "engine": "29.3",
      "api": "1.54",
      "minApi": "1.40"
    },
    {
      "engine": "29.4",
      "api": "1.54",
      "minApi": "1.40"
    },
    {
      "engine": "29.5",
      "api": "1.54",
      "minApi": "1.40"
    },
    {
      "engine": "29.6",
      "api": "1.55",
      "minApi": "1.40"
    },
    {
      "engine": "29.7",
      "api": "1.55",
      "minApi": "1.40"
    }
  ],
  "rules": [
    {
      "id": "engine-api-pin",
      "title": "A client pins the Docker Engine API version",
      "description": "The code, a config file or an environment variable fixes the Engine API version a client speaks, which turns off version negotiation. A daemon rejects a pin below its minimum (Engine 29.0 raised it to 1.44: Traefik, Watchtower, Portainer and Testcontainers broke) or above its maximum (17.11+).",
      "docs": "https://docs.docker.com/reference/api/engine/#api-version-matrix",
      "severity": "info",
      "forms": [
        "env",
        "url",
        "go",
        "python",
        "node",
        "java",
        "config",
        "constant"
      ]
    },
    {
      "id": "engine-cli-image",
      "title": "A Docker CLI image implies the newest API version of its release",
      "description": "A `docker:<release>` image in a Dockerfile FROM or a CI `image:` runs that release's CLI, which speaks at most that release's API version and needs at least its minimum.",
      "docs": "https://hub.docker.com/_/docker",
      "severity": "info",
      "forms": [
        "cli-image"
      ]
    },
    {
      "id": "engine-daemon-min-api",
      "title": "The daemon's minimum API version is overridden",
      "description": "DOCKER_MIN_API_VERSION (dockerd's environment, 25.0+) or daemon.json `min-api-version` (29.0+) lowers the oldest API version the daemon accepts, never below 1.24 from 26.0 on.",
      "docs": "https://docs.docker.com/reference/api/engine/#api-version-matrix",
      "severity": "info",
      "forms": [
        "daemon-min"
      ]
    }
  ]
};
