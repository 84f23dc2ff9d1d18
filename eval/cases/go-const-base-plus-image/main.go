package main

import (
	"encoding/json"
	"io"
	"log"
	"net/http"
)

type Counter struct {
	Name  string
	Count int `json:"pull_count"`
}

var counters []Counter

const (
	HubBase = "https://hub.docker.com/v2/repositories/"
)

func main() {
	for _, image := range []string{"acme/falconer", "acme/falconer-ui"} {
		pulls(image)
	}
	log.Printf("%d images", len(counters))
}

func pulls(image string) {
	log.Printf("pull count of %v", image)
	res, err := http.Get(HubBase + image)
	if err != nil {
		log.Fatal(err)
	}
	body, err := io.ReadAll(res.Body)
	if err != nil {
		log.Fatal(err)
	}
	var c Counter
	_ = json.Unmarshal(body, &c)
	c.Name = image
	counters = append(counters, c)
}
