package main

import (
	"context"
	"fmt"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/client"
)

// listRunning is `docker ps`.
// The client version has to match the Engine API version of the host.
func listRunning() error {
	cli, err := client.NewClientWithOpts(client.WithVersion("1.41"))
	if err != nil {
		return err
	}
	defer cli.Close()
	items, err := cli.ContainerList(context.Background(), container.ListOptions{})
	if err != nil {
		return err
	}
	for _, c := range items {
		fmt.Printf("%s %s\n", c.ID[:10], c.Image)
	}
	return nil
}
