package main

import (
	"context"
	"flag"
	"strings"

	"example.org/hubstats/registry"
)

func main() {
	teams := flag.String("teams", "", "comma-separated team accounts")
	people := flag.String("people", "", "comma-separated personal accounts")
	images := flag.String("images", "", "comma-separated owner/name images")
	flag.Parse()
	c := &registry.Client{}
	ctx := context.Background()
	for _, team := range strings.Split(*teams, ",") {
		_ = c.ForTeam(ctx, team)
	}
	for _, person := range strings.Split(*people, ",") {
		_ = c.ForPerson(ctx, person)
	}
	for _, image := range strings.Split(*images, ",") {
		_ = c.Single(ctx, image)
	}
}
