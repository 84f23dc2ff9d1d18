package hubapi

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"path"

	"github.com/go-resty/resty/v2"
)

// apiRoot ends in a slash; the paths below start with one.
const apiRoot = "https://hub.docker.com/v2/"

type Session struct {
	web *http.Client
}

// send is given its method by each caller.
func (s *Session) send(verb, route string) (*http.Response, error) {
	req, err := http.NewRequest(verb, apiRoot+route, nil)
	if err != nil {
		return nil, err
	}
	return s.web.Do(req)
}

func (s *Session) Remove(owner, app string) error {
	_, err := s.send(http.MethodDelete, "/repositories/"+owner+"/"+app+"/")
	return err
}

func (s *Session) Exists(owner, app string) error {
	_, err := s.send(http.MethodHead, "/repositories/"+owner+"/"+app+"/")
	return err
}

func (s *Session) Labels(owner, app string) error {
	_, err := s.send(http.MethodGet, "/repositories/"+owner+"/"+app+"/tags/")
	return err
}

func (s *Session) Authenticate(body []byte) (*http.Response, error) {
	return http.Post(fmt.Sprintf("%s/users/login", apiRoot), "application/json", bytes.NewReader(body))
}

// endpoint builds the URL as a net/url struct: String() puts the slash after the host.
func endpoint(rel string) string {
	u := url.URL{
		Scheme: "https",
		Host:   "hub.docker.com",
		Path:   path.Join("v2", rel),
	}
	return u.String()
}

func SignIn(user, secret string) error {
	r := resty.New()
	_, err := r.R().SetBody(map[string]string{"username": user, "password": secret}).Post(endpoint("users/login"))
	return err
}

func Describe(owner, app string) error {
	c := resty.New().SetBaseURL("https://hub.docker.com/v2")
	_, err := c.R().Get("/repositories/" + owner + "/" + app)
	return err
}

func DescribeLater(owner, app string) error {
	c := resty.New()
	c.SetBaseURL("https://hub.docker.com/v2")
	_, err := c.R().SetHeader("Accept", "application/json").Get("/repositories/" + owner + "/" + app + "/tags")
	return err
}
