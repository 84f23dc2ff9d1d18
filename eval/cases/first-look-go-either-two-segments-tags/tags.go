package tags

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

type Tag struct {
	Name string `json:"name"`
}

// Versions lists the tags of an image; a bare name is an official image.
func Versions(image string) ([]Tag, error) {
	ns := "library/" + image
	if strings.Contains(image, "/") {
		ns = image
	}

	var all []Tag
	next := fmt.Sprintf("https://hub.docker.com/v2/repositories/%s/tags/?page_size=100", ns)
	for next != "" {
		resp, err := http.Get(next)
		if err != nil {
			return nil, err
		}
		var page struct {
			Next    string `json:"next"`
			Results []Tag  `json:"results"`
		}
		err = json.NewDecoder(resp.Body).Decode(&page)
		resp.Body.Close()
		if err != nil {
			return nil, err
		}
		all = append(all, page.Results...)
		next = page.Next
	}
	return all, nil
}
