package hubsync

import (
	"fmt"
	"net/http"
	"strings"
)

// Info reads one repository of the team.
func (s *Session) Info(image string) ([]byte, error) {
	return s.call(http.MethodGet, fmt.Sprintf("%s/%s/%s/", ReposEndpoint, s.Team, image), nil)
}

/* Same as:
   curl \
     -H "Authorization: Bearer ${TOKEN}" \
     -X DELETE \
     https://hub.docker.com/v2/repositories/${TEAM}/${IMAGE}/
*/
func (s *Session) Drop(image string) error {
	_, err := s.call(http.MethodDelete, fmt.Sprintf("%s/%s/%s/", ReposEndpoint, s.Team, image), nil)
	return err
}

// Describe sets the short description.
func (s *Session) Describe(image, text string) error {
	body := strings.NewReader(fmt.Sprintf(`{"description": %q}`, text))
	_, err := s.call(http.MethodPatch, fmt.Sprintf("%s/%s/%s/", ReposEndpoint, s.Team, image), body)
	return err
}
