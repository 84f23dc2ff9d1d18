// Generated from rules/*.yaml by `npm run gen` — do not edit by hand.
import type { Rule } from '../core/types.js';

export const HUB_RULES: readonly Rule[] = [
  {
    "id": "hub-list-repositories",
    "status": "deprecated",
    "date": "2025-06-27",
    "title": "List repositories through the deprecated namespace route",
    "description": "GET /v2/repositories/{namespace} is deprecated. Docker's replacement, List repositories, keeps the old behaviour and response format.",
    "docs": "https://docs.docker.com/reference/api/hub/deprecated/",
    "migration": "Same query parameters (page, page_size up to 100, name, ordering) and the same response shape (docker/hub-feedback#2357): changing the path is enough.",
    "severity": "warning",
    "variants": [
      {
        "methods": [
          "GET"
        ],
        "hosts": [
          "hub.docker.com",
          "registry.hub.docker.com",
          "cloud.docker.com"
        ],
        "path": "/v2/repositories/{namespace}",
        "replacement": {
          "operation": "List repositories (listNamespaceRepositories)",
          "method": "GET",
          "path": "/v2/namespaces/{namespace}/repositories"
        },
        "fix": {
          "policy": "safe",
          "note": "same parameters and response format"
        }
      }
    ],
    "source": "rules/hub-api.yaml"
  },
  {
    "id": "hub-create-repository",
    "status": "deprecated",
    "date": "2025-09-19",
    "title": "Create a repository through an undocumented route",
    "description": "POST /v2/repositories and POST /v2/repositories/{namespace} are undocumented and deprecated. Use Create repository under /v2/namespaces.",
    "docs": "https://docs.docker.com/reference/api/hub/deprecated/",
    "migration": "The new endpoint's body requires both `name` and `namespace` (also accepts description, full_description, registry, is_private); legacy callers often sent only `name`.",
    "severity": "warning",
    "variants": [
      {
        "methods": [
          "POST"
        ],
        "hosts": [
          "hub.docker.com",
          "registry.hub.docker.com",
          "cloud.docker.com"
        ],
        "path": "/v2/repositories",
        "replacement": {
          "operation": "Create repository (CreateRepository)",
          "method": "POST",
          "path": "/v2/namespaces/{namespace}/repositories"
        },
        "fix": {
          "policy": "unsafe",
          "note": "the new body requires `namespace`, and the namespace is not in the old URL"
        }
      },
      {
        "methods": [
          "POST"
        ],
        "hosts": [
          "hub.docker.com",
          "registry.hub.docker.com",
          "cloud.docker.com"
        ],
        "path": "/v2/repositories/{namespace}",
        "replacement": {
          "operation": "Create repository (CreateRepository)",
          "method": "POST",
          "path": "/v2/namespaces/{namespace}/repositories"
        },
        "fix": {
          "policy": "unsafe",
          "note": "the new body requires `namespace` as well as `name`; safe only when the call's body already has it"
        }
      }
    ],
    "source": "rules/hub-api.yaml"
  },
  {
    "id": "hub-get-repository",
    "status": "deprecated",
    "date": "2025-09-19",
    "title": "Get a repository through an undocumented route",
    "description": "GET /v2/repositories/{namespace}/{repository} is undocumented and deprecated. Use Get repository under /v2/namespaces.",
    "docs": "https://docs.docker.com/reference/api/hub/deprecated/",
    "migration": "Only the path changes.",
    "severity": "warning",
    "variants": [
      {
        "methods": [
          "GET"
        ],
        "hosts": [
          "hub.docker.com",
          "registry.hub.docker.com",
          "cloud.docker.com"
        ],
        "path": "/v2/repositories/{namespace}/{repository}",
        "replacement": {
          "operation": "Get repository (GetRepository)",
          "method": "GET",
          "path": "/v2/namespaces/{namespace}/repositories/{repository}"
        },
        "fix": {
          "policy": "safe",
          "note": "only the path changes"
        }
      }
    ],
    "source": "rules/hub-api.yaml"
  },
  {
    "id": "hub-check-repository",
    "status": "deprecated",
    "date": "2025-09-19",
    "title": "Check a repository through an undocumented route",
    "description": "HEAD /v2/repositories/{namespace}/{repository} is undocumented and deprecated. Use Check repository under /v2/namespaces.",
    "docs": "https://docs.docker.com/reference/api/hub/deprecated/",
    "migration": "Only the path changes.",
    "severity": "warning",
    "variants": [
      {
        "methods": [
          "HEAD"
        ],
        "hosts": [
          "hub.docker.com",
          "registry.hub.docker.com",
          "cloud.docker.com"
        ],
        "path": "/v2/repositories/{namespace}/{repository}",
        "replacement": {
          "operation": "Check repository (CheckRepository)",
          "method": "HEAD",
          "path": "/v2/namespaces/{namespace}/repositories/{repository}"
        },
        "fix": {
          "policy": "safe",
          "note": "only the path changes"
        }
      }
    ],
    "source": "rules/hub-api.yaml"
  },
  {
    "id": "hub-v1-retired",
    "status": "removed",
    "date": "2022-08-23",
    "title": "Version 1 of the Docker Hub API was removed",
    "description": "The /v1/repositories routes were removed on 2022-08-23 and answer with an error (the docs say 410; do not rely on the code). Switch to version 2.",
    "docs": "https://docs.docker.com/reference/api/hub/deprecated/",
    "migration": "v1 tags routes returned a plain list; the v2 tags endpoints return a paginated object (count, next, previous, results): the caller's response handling must change. A single-segment v1 name is an official image: its namespace is `library`.",
    "severity": "error",
    "variants": [
      {
        "methods": [
          "*"
        ],
        "hosts": [
          "hub.docker.com",
          "registry.hub.docker.com",
          "index.docker.io"
        ],
        "path": "/v1/repositories/{repository}/tags/{tag}",
        "replacement": {
          "operation": "Read repository tag",
          "method": "GET",
          "path": "/v2/namespaces/library/repositories/{repository}/tags/{tag}"
        },
        "fix": {
          "policy": "unsafe",
          "note": "the response shape changes from v1 to v2"
        }
      },
      {
        "methods": [
          "*"
        ],
        "hosts": [
          "hub.docker.com",
          "registry.hub.docker.com",
          "index.docker.io"
        ],
        "path": "/v1/repositories/{namespace}/{repository}/tags/{tag}",
        "replacement": {
          "operation": "Read repository tag",
          "method": "GET",
          "path": "/v2/namespaces/{namespace}/repositories/{repository}/tags/{tag}"
        },
        "fix": {
          "policy": "unsafe",
          "note": "the response shape changes from v1 to v2"
        }
      },
      {
        "methods": [
          "*"
        ],
        "hosts": [
          "hub.docker.com",
          "registry.hub.docker.com",
          "index.docker.io"
        ],
        "path": "/v1/repositories/{repository}/tags",
        "replacement": {
          "operation": "List repository tags",
          "method": "GET",
          "path": "/v2/namespaces/library/repositories/{repository}/tags"
        },
        "fix": {
          "policy": "unsafe",
          "note": "the response changes from a plain list to a paginated object: the tags are its `results` list, with `count`, `next` and `previous`"
        }
      },
      {
        "methods": [
          "*"
        ],
        "hosts": [
          "hub.docker.com",
          "registry.hub.docker.com",
          "index.docker.io"
        ],
        "path": "/v1/repositories/{namespace}/{repository}/tags",
        "replacement": {
          "operation": "List repository tags",
          "method": "GET",
          "path": "/v2/namespaces/{namespace}/repositories/{repository}/tags"
        },
        "fix": {
          "policy": "unsafe",
          "note": "the response changes from a plain list to a paginated object: the tags are its `results` list, with `count`, `next` and `previous`"
        }
      },
      {
        "methods": [
          "*"
        ],
        "hosts": [
          "hub.docker.com",
          "registry.hub.docker.com",
          "index.docker.io"
        ],
        "path": "/v1/repositories/{repository}/images",
        "replacement": null,
        "fix": {
          "policy": "none",
          "note": "no replacement endpoint exists"
        },
        "replacementReason": "The Hub API has no replacement for image lists; the Docker CLI's `docker image ls` lists local images."
      },
      {
        "methods": [
          "*"
        ],
        "hosts": [
          "hub.docker.com",
          "registry.hub.docker.com",
          "index.docker.io"
        ],
        "path": "/v1/repositories/{namespace}/{repository}/images",
        "replacement": null,
        "fix": {
          "policy": "none",
          "note": "no replacement endpoint exists"
        },
        "replacementReason": "The Hub API has no replacement for image lists; the Docker CLI's `docker image ls` lists local images."
      }
    ],
    "source": "rules/hub-api.yaml"
  },
  {
    "id": "hub-users-login",
    "status": "deprecated",
    "date": null,
    "title": "Log in through /v2/users/login",
    "description": "POST /v2/users/login is marked deprecated in the Hub API reference. Use POST /v2/auth/token.",
    "docs": "https://docs.docker.com/reference/api/hub/latest/",
    "migration": "The body changes from {username, password} to {identifier, secret}; the new endpoint also accepts personal and organization access tokens as the secret.",
    "severity": "warning",
    "variants": [
      {
        "methods": [
          "POST"
        ],
        "hosts": [
          "hub.docker.com",
          "registry.hub.docker.com",
          "cloud.docker.com"
        ],
        "path": "/v2/users/login",
        "replacement": {
          "operation": "Create an authentication token (AuthCreateAccessToken)",
          "method": "POST",
          "path": "/v2/auth/token"
        },
        "fix": {
          "policy": "unsafe",
          "note": "the body becomes {identifier, secret}, the response's token access_token, sent as Bearer; the new token expires after 10 minutes, so a client that logs in once and runs longer must log in again"
        }
      }
    ],
    "source": "rules/hub-api.yaml",
    "dateNote": "Marked `deprecated: true` in the Hub API reference; the deprecation log gives no date."
  },
  {
    "id": "hub-user-repositories",
    "status": "legacy",
    "date": null,
    "title": "List repositories through the legacy users route",
    "description": "GET /v2/users/{username}/repositories is a legacy route that rejects organization access tokens with 403. Use List repositories under /v2/namespaces.",
    "docs": "https://docs.docker.com/security/for-admins/access-tokens/",
    "migration": "The namespace route works with personal and organization access tokens.",
    "severity": "warning",
    "variants": [
      {
        "methods": [
          "GET"
        ],
        "hosts": [
          "hub.docker.com",
          "registry.hub.docker.com",
          "cloud.docker.com"
        ],
        "path": "/v2/users/{namespace}/repositories",
        "replacement": {
          "operation": "List repositories (listNamespaceRepositories)",
          "method": "GET",
          "path": "/v2/namespaces/{namespace}/repositories"
        },
        "fix": {
          "policy": "unsafe",
          "note": "the response may differ for organization namespaces"
        }
      }
    ],
    "source": "rules/hub-api.yaml",
    "dateNote": "Documented as legacy (rejects organization access tokens); no date given."
  },
  {
    "id": "hub-search-removed",
    "status": "removed",
    "date": null,
    "title": "The content search API v1 was removed",
    "description": "GET /api/content/v1/products/search was removed. Use GET /api/search/v4 with query, size and from.",
    "docs": "https://github.com/docker/roadmap/issues/756",
    "migration": "Parameters change (q → query, page_size → size, page → from as an offset) and so does the response shape.",
    "severity": "error",
    "variants": [
      {
        "methods": [
          "GET"
        ],
        "hosts": [
          "hub.docker.com",
          "registry.hub.docker.com",
          "cloud.docker.com",
          "store.docker.com"
        ],
        "path": "/api/content/v1/products/search",
        "replacement": {
          "operation": "Search (search v4)",
          "method": "GET",
          "path": "/api/search/v4"
        },
        "fix": {
          "policy": "none",
          "note": "parameters and response change"
        }
      }
    ],
    "source": "rules/hub-api.yaml",
    "dateNote": "Removed in December 2024 (docker/roadmap#756); Docker's deprecation log gives no date."
  }
];
