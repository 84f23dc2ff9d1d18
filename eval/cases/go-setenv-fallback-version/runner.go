package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/docker/docker/api/types/swarm"
	"github.com/docker/docker/client"
)

var engineAPI = strings.ToLower(os.Getenv("DOCKER_API_VERSION"))

func countServices(ctx context.Context) (int, error) {
	cli, err := client.NewClientWithOpts(client.FromEnv)
	if err != nil {
		return -1, err
	}
	services, err := cli.ServiceList(ctx, swarm.ServiceListOptions{})
	if err != nil {
		if strings.Contains(fmt.Sprintf("%s", err), "is too new") {
			// Fall back to a version old daemons accept, then retry.
			fallback := "1.40"
			engineAPI = fallback
			os.Setenv("DOCKER_API_VERSION", fallback)
			log.Printf("[DEBUG] retrying with Docker API %s", fallback)
			return countServices(ctx)
		}
		return -1, err
	}
	return len(services), nil
}
