package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

func get(query string) []byte {
	req, err := http.NewRequest("GET", query, nil)
	if err != nil {
		panic(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return body
}

func main() {
	base := "http://localhost:5000/v2/"
	var catalog struct {
		Repositories []string `json:"repositories"`
	}
	_ = json.Unmarshal(get(strings.Join([]string{base, "_catalog"}, "")), &catalog)
	for _, name := range catalog.Repositories {
		var tags struct {
			Name string   `json:"name"`
			Tags []string `json:"tags"`
		}
		_ = json.Unmarshal(get(strings.Join([]string{base, name, "/tags/list"}, "")), &tags)
		for _, t := range tags.Tags {
			fmt.Printf("%s:%s\n", tags.Name, t)
		}
	}
}
