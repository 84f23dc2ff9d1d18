package hub

import (
	"fmt"
	"net/http"
	"net/url"
)

// BaseURL ends with a slash; the paths joined to it start with one.
const BaseURL = "https://hub.docker.com/v2/"

func ListFor(x string) (*http.Response, error) {
	return http.Get("https://hub.docker.com/v2/repositories/" + url.PathEscape(x) + "/")
}

func Login(body string) (*http.Request, error) {
	return http.NewRequest(http.MethodPost, fmt.Sprintf("%s/users/login", BaseURL), nil)
}
