package registry

import (
	"context"
	"fmt"
)

// ForTeam lists every image published under a team account.
func (c *Client) ForTeam(ctx context.Context, team string) error {
	path := fmt.Sprintf("/v2/repositories/%s/", team)
	_, err := c.Request(ctx, "GET", path, nil)
	return err
}

// ForPerson lists every image published under a personal account.
func (c *Client) ForPerson(ctx context.Context, person string) error {
	path := fmt.Sprintf("/v2/repositories/%s/", person)
	_, err := c.Request(ctx, "GET", path, nil)
	return err
}

// Single reads one image given as owner/name.
func (c *Client) Single(ctx context.Context, ownerAndName string) error {
	path := fmt.Sprintf("/v2/repositories/%s/", ownerAndName)
	_, err := c.Request(ctx, "GET", path, nil)
	return err
}
