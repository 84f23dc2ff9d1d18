package hubfeed

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
)

// Collector pulls repository metadata for the dashboard.
type Collector struct {
	client *http.Client
	jwt    string
}

func (c *Collector) SignIn(user, secret string) error {
	target := fmt.Sprintf("%s/%s", HubBase, SignInPath)
	body, _ := json.Marshal(map[string]string{"username": user, "password": secret})
	req, err := http.NewRequest(http.MethodPost, target, bytes.NewReader(body))
	if err != nil {
		return err
	}
	res, err := c.client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	var out struct{ Token string }
	err = json.NewDecoder(res.Body).Decode(&out)
	c.jwt = out.Token
	return err
}

func (c *Collector) Repository(owner, name string) (*http.Response, error) {
	target := fmt.Sprintf("%s/%s/%s/%s", HubBase, RepositoryPath, owner, name)
	req, err := http.NewRequest(http.MethodGet, target, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "JWT "+c.jwt)
	return c.client.Do(req)
}
