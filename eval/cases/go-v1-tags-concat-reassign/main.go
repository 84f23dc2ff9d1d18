package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
)

type v1Tag struct {
	Layer string `json:"layer"`
	Name  string `json:"name"`
}

func main() {
	if len(os.Args) != 2 {
		fmt.Println("usage: taglist IMAGE")
		os.Exit(2)
	}
	image := os.Args[1]

	var endpoint = "https://registry.hub.docker.com/v1/repositories"
	endpoint = endpoint + "/" + image + "/tags"

	resp, err := http.Get(endpoint)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var tags []v1Tag
	_ = json.Unmarshal(raw, &tags)
	for _, t := range tags {
		fmt.Println(t.Name)
	}
}
