package dockhand

import (
	"testing"

	docker "github.com/fsouza/go-dockerclient"
)

func TestVersionedClientKeepsVersion(t *testing.T) {
	endpoint := "http://localhost:4243"
	c, err := docker.NewVersionedClient(endpoint, "1.12")
	if err != nil {
		t.Fatal(err)
	}
	if c.Endpoint() != endpoint {
		t.Errorf("endpoint: want %q, got %q", endpoint, c.Endpoint())
	}
}

func TestVersionedTLSClient(t *testing.T) {
	_, err := docker.NewVersionedTLSClient("https://localhost:4243", "cert.pem", "key.pem", "ca.pem", "1.14")
	if err != nil {
		t.Fatal(err)
	}
}

func TestExportURL(t *testing.T) {
	want := "http://localhost:4243/v1.25/images/get?names=alpine%3Alatest"
	if got := exportURL("alpine:latest"); got != want {
		t.Errorf("want %q, got %q", want, got)
	}
}
