package beacon

import (
	"fmt"
	"net/http"
)

const cloudAPI = "https://cloud.docker.com/v2"

func RepoExists(c *http.Client, org, name string) (bool, error) {
	req, err := http.NewRequest(http.MethodHead, fmt.Sprintf("%s/repositories/%s/%s/", cloudAPI, org, name), nil)
	if err != nil {
		return false, err
	}
	resp, err := c.Do(req)
	if err != nil {
		return false, err
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK, nil
}
