package hubsync

import (
	"io"
	"net/http"
)

// ReposEndpoint is the repositories root of the registry's web API.
var ReposEndpoint = APIRoot + "repositories"

// APIRoot is where every route of the web API starts.
const APIRoot = "https://hub.docker.com/v2/"

type Session struct {
	Team  string
	Token string
	web   *http.Client
}

func (s *Session) prepare(verb, target string, body io.Reader) (*http.Request, error) {
	req, err := http.NewRequest(verb, target, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+s.Token)
	return req, nil
}

func (s *Session) call(verb, target string, body io.Reader) ([]byte, error) {
	req, err := s.prepare(verb, target, body)
	if err != nil {
		return nil, err
	}
	resp, err := s.web.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}
