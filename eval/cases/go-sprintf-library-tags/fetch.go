package main

import (
	"fmt"
	"io"
	"net/http"
)

func fetchTags(image, filter, size string) {
	endpoint := fmt.Sprintf("https://registry.hub.docker.com/v2/repositories/library/%s/tags/?name=%s&page_size=%s", image, filter, size)
	resp, err := http.Get(endpoint)
	if err != nil {
		fmt.Printf("hub request failed: %v\n", err)
		return
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	render(image, body)
}
