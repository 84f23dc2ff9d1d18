package app

import (
	"fmt"
	"log"
	"net/http"
)

func Details(owner, image string) (*http.Response, error) {
	u := fmt.Sprintf("https://hub.docker.com/v2/repositories/%s/%s/", owner, image)
	log.Printf("GET https://hub.docker.com/v2/repositories/%s/%s/", owner, image)
	resp, err := http.Get(u)
	if err != nil {
		return nil, fmt.Errorf("GET https://hub.docker.com/v2/repositories/%s/%s/: %w", owner, image, err)
	}
	return resp, nil
}
