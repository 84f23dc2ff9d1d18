package hub

import "fmt"

const hubBase = "https://hub.docker.com"

// RepoURL is the address of one repository.
func RepoURL(owner, name string) string {
	return fmt.Sprintf("%s/v2/repositories/%s/%s/", hubBase, owner, name)
}
