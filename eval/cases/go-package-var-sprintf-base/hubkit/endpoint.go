package hubkit

import "fmt"

const (
	hubOrigin  = "https://hub.docker.com"
	hubVersion = "v2"
)

var (
	BaseURL = fmt.Sprintf("%s/%s", hubOrigin, hubVersion)
)
