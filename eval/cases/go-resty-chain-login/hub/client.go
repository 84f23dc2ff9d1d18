package hub

import (
	"fmt"

	"github.com/go-resty/resty/v2"
)

const apiRoot = "https://hub.docker.com/v2"

type Session struct {
	http  *resty.Client
	token string
}

func Open(user, secret string) (*Session, error) {
	var out struct {
		Token string `json:"token"`
	}
	c := resty.New()
	_, err := c.R().
		SetHeader("Content-Type", "application/json").
		SetBody(map[string]string{"username": user, "password": secret}).
		SetResult(&out).
		Post(apiRoot + "/users/login/")
	if err != nil {
		return nil, err
	}
	return &Session{http: c, token: out.Token}, nil
}

func (s *Session) Describe(owner, name, text string) error {
	_, err := s.http.R().
		SetAuthToken(s.token).
		SetBody(map[string]string{"full_description": text}).
		Patch(fmt.Sprintf("%s/repositories/%s/%s/", apiRoot, owner, name))
	return err
}

func (s *Session) Stars(owner, name string) (int, error) {
	var out struct {
		Stars int `json:"star_count"`
	}
	_, err := s.http.R().SetResult(&out).Get(apiRoot + "/repositories/" + owner + "/" + name + "/")
	return out.Stars, err
}
