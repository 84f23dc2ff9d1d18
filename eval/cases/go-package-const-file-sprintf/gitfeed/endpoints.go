package gitfeed

const (
	// HubBase is the self-hosted forge this feed reads (same names, another service).
	HubBase        = "https://forge.example.internal/api/v4"
	SignInPath     = "users/login"
	RepositoryPath = "repositories"
)
