package v2

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestVersionEndpoint(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/v2.1/version" {
			w.Write([]byte("0.49.1"))
			return
		}
		http.NotFound(w, r)
	}))
	defer ts.Close()
	c := New(ts.URL + "/")
	if _, err := c.MonitorVersion(); err != nil {
		t.Fatal(err)
	}
	if _, err := http.Get(ts.URL + "/api/v1.3/containers/docker"); err != nil {
		t.Fatal(err)
	}
}
