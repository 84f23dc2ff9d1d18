package engine

import (
	"fmt"
	"net/http"
)

var (
	// Level is the Engine API version every request below is sent at.
	Level = "v1.38"
)

type Conn struct{ hc *http.Client }

func (c *Conn) Containers() (*http.Response, error) {
	return c.hc.Get(fmt.Sprintf("http://unix/%s/containers/json?all=1", Level))
}
