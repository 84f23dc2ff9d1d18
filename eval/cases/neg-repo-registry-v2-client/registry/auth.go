package registry

// DefaultHubRegistry is where Docker Hub images are pulled from; its token service is auth.docker.io.
const (
	DefaultHubRegistry = "https://registry-1.docker.io"
	HubAuthService     = "https://auth.docker.io/token"
	HubCredentialKey   = "https://index.docker.io/v1/"
)
