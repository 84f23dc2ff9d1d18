package registry

import "context"

// Catalog lists repositories, following the Link header.
func (r *Registry) Catalog(ctx context.Context, last string) ([]string, error) {
	u := "/v2/_catalog"
	if last != "" {
		u += "?last=" + last
	}
	return r.pages(ctx, r.url(u))
}

// Tags lists the tags of one repository.
func (r *Registry) Tags(ctx context.Context, repository string) ([]string, error) {
	return r.pages(ctx, r.url("/v2/%s/tags/list", repository))
}
