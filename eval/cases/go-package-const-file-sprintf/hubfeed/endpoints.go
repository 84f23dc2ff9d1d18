package hubfeed

const (
	// HubBase is where the registry metadata is read from.
	HubBase        = "https://hub.docker.com/v2"
	SignInPath     = "users/login"
	RepositoryPath = "repositories"
	Source         = "hubfeed"
)
