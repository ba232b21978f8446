package cli

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/tfkit/tfkit/internal/plugin"
)

// errNoSource is returned when the source address of a provider binary
// is neither given nor readable from its path.
var errNoSource = errors.New("no source address for the provider binary")

// schemaFromBinary starts the provider plugin at path, asks it for its
// schema and returns it in the format of `terraform providers schema
// -json`, under source (or the address its mirror path gives).
func schemaFromBinary(ctx context.Context, dir, path, source string) ([]byte, error) {
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	if source == "" {
		source = sourceFromMirrorPath(path)
		if source == "" {
			return nil, fmt.Errorf("%w %s: its path is not in a filesystem mirror layout", errNoSource, path)
		}
	}
	if strings.Count(source, "/") == 1 {
		source = "registry.terraform.io/" + source
	}
	if strings.Count(source, "/") != 2 {
		return nil, fmt.Errorf("provider source %q: want NAMESPACE/NAME or HOST/NAMESPACE/NAME", source)
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	client, err := plugin.Start(ctx, path)
	if err != nil {
		return nil, err
	}
	defer client.Close()
	ps, err := client.GetProviderSchema(ctx)
	if err != nil {
		return nil, fmt.Errorf("provider %s: %w", path, err)
	}
	return plugin.SchemasJSON(source, ps)
}

// sourceFromMirrorPath reads HOST/NAMESPACE/NAME from a path laid out as
// in a filesystem mirror:
// HOST/NAMESPACE/NAME/VERSION/OS_ARCH/terraform-provider-NAME_vVERSION.
func sourceFromMirrorPath(path string) string {
	parts := strings.Split(filepath.ToSlash(filepath.Clean(path)), "/")
	if len(parts) < 6 {
		return ""
	}
	host, ns, name, file := parts[len(parts)-6], parts[len(parts)-5], parts[len(parts)-4], parts[len(parts)-1]
	if !strings.Contains(host, ".") || !strings.HasPrefix(file, "terraform-provider-"+name) {
		return ""
	}
	return host + "/" + ns + "/" + name
}

func providerBinaryHint(err error) string {
	if errors.Is(err, errNoSource) {
		return "give its address with --provider-source NAMESPACE/NAME"
	}
	return "check that the path is a Terraform provider binary built for this machine"
}
