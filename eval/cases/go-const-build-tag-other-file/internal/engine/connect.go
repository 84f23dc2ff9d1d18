package engine

import (
	"context"
	"fmt"

	"github.com/docker/docker/api/types/versions"
	"github.com/docker/docker/client"
)

// Connect opens a client pinned to the platform's API version.
func Connect(ctx context.Context, host string) (*client.Client, error) {
	cli, err := client.NewClientWithOpts(client.WithHost(host), client.WithVersion(pinnedAPI))
	if err != nil {
		return nil, err
	}
	ping, err := cli.Ping(ctx)
	if err != nil {
		return nil, err
	}
	if versions.LessThan(ping.APIVersion, oldestAPI) {
		return nil, fmt.Errorf("daemon API %s is older than %s", ping.APIVersion, oldestAPI)
	}
	return cli, nil
}
