package hubkit

import (
	"bytes"
	"encoding/json"
	"net/http"
)

type Credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

func (c Credentials) Token() (string, error) {
	path := "/users/login/"
	buf := new(bytes.Buffer)
	if err := json.NewEncoder(buf).Encode(c); err != nil {
		return "", err
	}
	req, err := http.NewRequest("POST", BaseURL+path, buf)
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var out struct{ Token string `json:"token"` }
	return out.Token, json.NewDecoder(resp.Body).Decode(&out)
}
