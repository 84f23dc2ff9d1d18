package instance

import (
	"context"

	"github.com/docker/docker/api/types/container"
	dkr "github.com/docker/docker/client"
)

// Start creates and starts one analytics container. FromEnv reads DOCKER_API_VERSION, which
// main sets from its configuration; a version from the environment turns negotiation off.
func Start(image string, port int64) error {
	cli, err := dkr.NewClientWithOpts(dkr.FromEnv, dkr.WithAPIVersionNegotiation())
	if err != nil {
		return err
	}
	created, err := cli.ContainerCreate(context.Background(), &container.Config{Image: image}, nil, nil, nil, "")
	if err != nil {
		return err
	}
	return cli.ContainerStart(context.Background(), created.ID, container.StartOptions{})
}
