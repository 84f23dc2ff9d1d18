package hubkit

import (
	"fmt"
	"net/http"
)

func BuildHistory(owner, name string) (*http.Response, error) {
	path := fmt.Sprintf("/repositories/%s/%s/buildhistory/", owner, name)
	req, err := http.NewRequest("GET", BaseURL+path, nil)
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req)
}
