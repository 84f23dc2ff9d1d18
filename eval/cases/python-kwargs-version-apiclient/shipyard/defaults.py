"""Values the shipyard helpers and their tests agree on."""

ENGINE_API_VERSION = "1.43"
SCHEMA_VERSION = "2.0"
TIMEOUT_SECONDS = 60
