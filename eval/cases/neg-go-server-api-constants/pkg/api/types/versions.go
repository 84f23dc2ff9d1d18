package types

const (
	// DefaultAPIVersion is the Docker-compatible API version this service answers with
	// when a request names none. See https://docs.docker.com/engine/api/v1.40/
	DefaultAPIVersion = "1.40"

	// MinimalAPIVersion is the oldest version a request may name.
	MinimalAPIVersion = "1.24"
)
