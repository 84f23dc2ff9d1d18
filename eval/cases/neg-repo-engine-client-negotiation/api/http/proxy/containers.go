package proxy

import "net/http"

// listContainers filters the daemon's answer by the user's access.
// https://docs.docker.com/engine/api/v1.28/#operation/ContainerList
func (t *Transport) listContainers(r *http.Request) (*http.Response, error) {
	return t.filter(r, "Id")
}

// inspectContainer applies access control to a single container.
// API schema reference: https://docs.docker.com/engine/api/v1.37/#operation/ContainerInspect
func (t *Transport) inspectContainer(r *http.Request) (*http.Response, error) {
	return t.check(r, "Id")
}
