package main

import (
	"fmt"
	"os"
	"strings"

	"example.net/tidyhub/pkg/hubapi"
)

func main() {
	api := hubapi.NewClient("https://hub.docker.com/v2")
	creds := fmt.Sprintf(`{"username":%q,"password":%q}`, os.Getenv("HUB_USER"), os.Getenv("HUB_PASS"))
	if _, err := api.Submit("/users/login/", strings.NewReader(creds)); err != nil {
		panic(err)
	}
	org := os.Args[1]
	listing, err := api.Fetch(fmt.Sprintf("/repositories/%s/?page_size=100", org))
	if err != nil {
		panic(err)
	}
	defer listing.Body.Close()
	tags, _ := api.Fetch("/repositories/" + org + "/" + os.Args[2] + "/tags/?page_size=100")
	defer tags.Body.Close()
}
