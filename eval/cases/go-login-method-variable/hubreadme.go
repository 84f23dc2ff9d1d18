package hubreadme

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// CredentialKey is the key of Docker Hub in ~/.docker/config.json.
func CredentialKey() string {
	return "https://index.docker.io/v1/"
}

// FetchJWT trades a user name and password for a Hub JWT.
func FetchJWT(user, pass string) (string, error) {
	url := "https://hub.docker.com/v2/users/login/"
	method := "POST"

	body, _ := json.Marshal(map[string]string{"username": user, "password": pass})
	client := &http.Client{}
	req, err := http.NewRequest(method, url, strings.NewReader(string(body)))
	if err != nil {
		return "", err
	}
	req.Header.Add("Content-Type", "application/json")
	res, err := client.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var out map[string]interface{}
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", err
	}
	tok, _ := out["token"].(string)
	return tok, nil
}

// PushReadme replaces the long description of a repository.
func PushReadme(jwt, text, ns, name string) error {
	// the trailing slash matters
	endpoint := "https://hub.docker.com/v2/repositories/" + ns + "/" + name + "/"
	verb := "PATCH"
	payload, _ := json.Marshal(map[string]string{"full_description": text})
	req, err := http.NewRequest(verb, endpoint, strings.NewReader(string(payload)))
	if err != nil {
		return err
	}
	req.Header.Add("Authorization", "JWT "+jwt)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		return fmt.Errorf("readme push: %s", res.Status)
	}
	return nil
}
