package main

import (
	"os"

	"example.net/tidyhub/pkg/hubapi"
)

// The same client pointed at an in-house catalogue service that copies the Hub's paths.
func main() {
	api := hubapi.NewClient("https://catalog.internal.example/v2")
	resp, err := api.Fetch("/repositories/" + os.Args[1] + "/")
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
}
