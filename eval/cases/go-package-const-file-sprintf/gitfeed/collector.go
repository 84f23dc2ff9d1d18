package gitfeed

import (
	"fmt"
	"net/http"
)

func SignIn(client *http.Client) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPost, fmt.Sprintf("%s/%s", HubBase, SignInPath), nil)
	if err != nil {
		return nil, err
	}
	return client.Do(req)
}

func Repository(client *http.Client, owner, name string) (*http.Response, error) {
	return client.Get(fmt.Sprintf("%s/%s/%s/%s", HubBase, RepositoryPath, owner, name))
}
