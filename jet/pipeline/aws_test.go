package pipeline

import (
	"compress/gzip"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"

	"github.com/tfkit/tfkit/internal/kubetest"
	"github.com/tfkit/tfkit/jet/config"
	"github.com/tfkit/tfkit/schema"
)

// awsProvider is a small configuration of the whole aws 3.3.0 schema: the
// group from the second word, overrides where that word is not the group,
// and one provider-wide reference rule.
func awsProvider(t testing.TB) *config.Provider {
	t.Helper()
	f, err := os.Open("testdata/providers/aws-3.3.0.json.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := schema.ReadProviders(zr)
	if err != nil {
		t.Fatal(err)
	}
	p := &config.Provider{
		ModulePath: "example.com/provider-aws",
		RootGroup:  "aws.jet.tfkit.dev",
		Schemas:    ps,
	}
	// Every vpc_id argument refers to a VPC, except on the VPC itself.
	p.AddConfigurator(func(r *config.Resource) error {
		if a := r.Schema.Block.Attribute("vpc_id"); a != nil && (a.Required || a.Optional) && r.TerraformType != "aws_vpc" {
			r.References["vpc_id"] = config.Reference{TerraformType: "aws_vpc"}
		}
		return nil
	})
	// Lists of strings and arguments of nested blocks as references.
	p.AddResourceConfigurator("aws_instance", func(r *config.Resource) error {
		r.References["vpc_security_group_ids"] = config.Reference{TerraformType: "aws_security_group"}
		r.References["network_interface.network_interface_id"] = config.Reference{TerraformType: "aws_network_interface"}
		r.References["ebs_block_device.kms_key_id"] = config.Reference{TerraformType: "aws_kms_key", Extract: "status.atProvider.arn"}
		return nil
	})
	// Where the second word is not the group.
	for typ, group := range map[string]string{
		"aws_vpc": "ec2", "aws_subnet": "ec2", "aws_instance": "ec2",
		"aws_security_group": "ec2", "aws_internet_gateway": "ec2",
		"aws_route_table": "ec2", "aws_eip": "ec2",
	} {
		p.AddResourceConfigurator(typ, func(r *config.Resource) error {
			_, kind := config.GroupFromProviderName(r.TerraformType)
			r.ShortGroup, r.Kind = group, kind
			return nil
		})
	}
	// ConfigurationRecorder declares ConfigurationRecorderStatus (its
	// status type): the recorder's status resource needs another kind.
	p.AddResourceConfigurator("aws_config_configuration_recorder_status", func(r *config.Resource) error {
		r.Kind = "RecorderStatus"
		return nil
	})
	return p
}

// TestAWS generates every aws 3.3.0 resource: one kind each, every
// vpc_id a reference, nested type names unique; and, without -short, the
// result compiles.
func TestAWS(t *testing.T) {
	p := awsProvider(t)
	start := time.Now()
	files, err := Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("generated %d files in %v", len(files), time.Since(start))
	types, crds, lines, refs, multi := 0, 0, 0, 0, 0
	for _, f := range files {
		switch {
		case strings.HasPrefix(f.Path, providerConfigDir), strings.HasSuffix(f.Path, "_providerconfigs.yaml"):
			// The ProviderConfig kind, not a resource's.
		case strings.HasSuffix(f.Path, "_types.go"):
			types++
		case strings.HasPrefix(f.Path, "package/crds/"):
			crds++
		case strings.HasSuffix(f.Path, "zz_generated.resolvers.go"):
			refs += strings.Count(string(f.Data), "r.Resolve(ctx")
			multi += strings.Count(string(f.Data), "r.ResolveMultiple(ctx")
		}
		lines += strings.Count(string(f.Data), "\n")
	}
	if n := len(p.Schemas[0].Resources); types != n || crds != n {
		t.Errorf("%d types files and %d CRDs for %d resources", types, crds, n)
	}
	if types != 584 {
		t.Errorf("%d kinds, want aws 3.3.0's 584 resources", types)
	}
	// Every vpc_id argument became a reference.
	wantRefs := 0
	for _, r := range p.Schemas[0].Resources {
		if a := r.Block.Attribute("vpc_id"); a != nil && (a.Required || a.Optional) && r.Type != "aws_vpc" {
			wantRefs++
		}
	}
	// And aws_instance's two in nested blocks.
	wantRefs += 2
	// Each is resolved in spec.forProvider and in spec.initProvider.
	if refs != 2*wantRefs || refs == 0 {
		t.Errorf("%d resolutions of vpc_id and nested references, want %d (2 × %d)", refs, 2*wantRefs, wantRefs)
	}
	if multi != 2 {
		t.Errorf("%d resolutions of list references, want 2 (vpc_security_group_ids in both parts)", multi)
	}
	t.Logf("%d lines, %d references (%d resolutions)", lines, wantRefs, refs)
	// ec2 collects kinds from several overrides; collisions of nested
	// type names there get their parents' names.
	var ec2 string
	for _, f := range files {
		if f.Path == "apis/ec2/v1alpha1/zz_instance_types.go" {
			ec2 = string(f.Data)
		}
	}
	if !strings.Contains(ec2, "type InstanceEBSBlockDeviceParameters struct") && !strings.Contains(ec2, "type EBSBlockDeviceParameters struct") {
		t.Errorf("no EBS block device type for aws_instance")
	}
	for _, want := range []string{
		"VPCSecurityGroupIDRefs []resource.Reference `json:\"vpcSecurityGroupIdRefs,omitempty\" tf:\"-\"`",
		"VPCSecurityGroupIDSelector *resource.Selector `json:\"vpcSecurityGroupIdSelector,omitempty\" tf:\"-\"`",
		"NetworkInterfaceRef *resource.Reference `json:\"networkInterfaceRef,omitempty\" tf:\"-\"`",
		"KMSKeyRef *resource.Reference `json:\"kmsKeyRef,omitempty\" tf:\"-\"`",
	} {
		if !strings.Contains(ec2, want) {
			t.Errorf("aws_instance's types lack %s", want)
		}
	}

	// The biggest CRDs, as compact JSON, against what the API server
	// stores per object (Generate refuses a CRD within 5% of it).
	type crdSize struct {
		path string
		size int
	}
	var sizes []crdSize
	for _, f := range files {
		if strings.HasPrefix(f.Path, "package/crds/") {
			js, err := yaml.YAMLToJSON(f.Data)
			if err != nil {
				t.Fatal(err)
			}
			sizes = append(sizes, crdSize{f.Path, len(js)})
		}
	}
	slices.SortFunc(sizes, func(a, b crdSize) int { return b.size - a.size })
	for _, s := range sizes[:3] {
		t.Logf("%s: %d bytes, %.1f%% of 1.5 MiB", s.path, s.size, 100*float64(s.size)/etcdObjectLimit)
	}
	if sizes[0].path != "package/crds/wafv2.aws.jet.tfkit.dev_webacls.yaml" || sizes[0].size > crdLimit {
		t.Errorf("the biggest CRD is %s, %d bytes; want wafv2's WebACL, at most %d", sizes[0].path, sizes[0].size, crdLimit)
	}

	// A sensitive argument the provider computes when it is not given
	// (aws_vpn_connection's preshared keys) reaches the connection Secret.
	psk := regexp.MustCompile(`"tunnel1_preshared_key":\s+"attribute.tunnel1_preshared_key"`)
	if !slices.ContainsFunc(files, func(f File) bool { return psk.Match(f.Data) }) {
		t.Errorf("no connection detail for aws_vpn_connection's tunnel1_preshared_key")
	}

	// Go names never clash where the Terraform names do not: no field's
	// JSON name (the API) gets a number to tell it from another's.
	fieldTag := regexp.MustCompile(`json:"([^",]*)[^"]*" tf:"([^",]*)`)
	fields := 0
	for _, f := range files {
		if !strings.HasSuffix(f.Path, "_types.go") {
			continue
		}
		for _, m := range fieldTag.FindAllStringSubmatch(string(f.Data), -1) {
			if m[1] == "" || m[1] == "-" || m[2] == "-" {
				// Inline, or a field jet adds (references, Secrets).
				continue
			}
			fields++
			if want := camel(m[2]); m[1] != want {
				t.Errorf("%s: %s has the JSON name %s, want %s", f.Path, m[2], m[1], want)
			}
		}
	}
	if fields < 10000 {
		t.Errorf("%d fields with tf tags, want the aws schema's thousands", fields)
	}

	if testing.Short() {
		t.Skip("compiling the generated aws tree takes minutes; skipped with -short")
	}
	dir := t.TempDir()
	for _, f := range files {
		path := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	buildModule(t, dir, p.ModulePath)
}

// camel is the lowerCamelCase JSON name of a Terraform name.
func camel(tf string) string {
	var b strings.Builder
	for i, part := range strings.FieldsFunc(tf, func(r rune) bool { return r == '_' || r == '-' }) {
		if i == 0 {
			b.WriteString(strings.ToLower(part[:1]) + part[1:])
		} else {
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	return b.String()
}

// buildModule compiles a generated tree as its own module that uses this
// repository's jet packages and dependency versions.
func buildModule(t *testing.T, dir, modulePath string) {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	repo := filepath.Join(filepath.Dir(file), "..", "..")
	mod, err := os.ReadFile(filepath.Join(repo, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(repo, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	// The repository's requirements, so that the same versions are used.
	var requires []string
	inBlock := false
	for _, line := range strings.Split(string(mod), "\n") {
		switch {
		case strings.HasPrefix(line, "require ("):
			inBlock = true
		case inBlock && line == ")":
			inBlock = false
		case inBlock:
			requires = append(requires, strings.TrimSpace(strings.TrimSuffix(line, "// indirect")))
		}
	}
	gomod := "module " + modulePath + "\n\ngo 1.26\n\nrequire (\n\tgithub.com/tfkit/tfkit v0.0.0\n\t" + strings.Join(requires, "\n\t") + "\n)\n\nreplace github.com/tfkit/tfkit => " + repo + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	// go vet too: generated code must not give the provider's own
	// checks anything to report.
	for _, args := range [][]string{{"build", "./..."}, {"vet", "./..."}} {
		start := time.Now()
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s of the generated tree: %v\n%s", strings.Join(args, " "), err, out)
		}
		t.Logf("go %s of the generated tree: %v", strings.Join(args, " "), time.Since(start))
	}
}

// TestAWSCRDsOnAPIServer installs the CRD of every aws 3.3.0 kind into a
// real kube-apiserver, which refuses a schema that is not structural or
// otherwise invalid, and waits until every one is established. It takes
// about a minute (skipped under -short).
func TestAWSCRDsOnAPIServer(t *testing.T) {
	kubetest.SkipShort(t)
	files, err := Generate(awsProvider(t))
	if err != nil {
		t.Fatal(err)
	}
	var crds []*apiextv1.CustomResourceDefinition
	for _, f := range files {
		if !strings.HasPrefix(f.Path, "package/crds/") {
			continue
		}
		crd := &apiextv1.CustomResourceDefinition{}
		if err := yaml.UnmarshalStrict(f.Data, crd); err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		crds = append(crds, crd)
	}
	if len(crds) != 585 {
		t.Fatalf("%d CRDs, want 584 kinds and the ProviderConfig", len(crds))
	}
	env := kubetest.Start(t)
	cs, err := apiextclient.NewForConfig(env.Config)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	start := time.Now()
	work := make(chan *apiextv1.CustomResourceDefinition)
	errs := make(chan error, len(crds))
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for crd := range work {
				if _, err := cs.ApiextensionsV1().CustomResourceDefinitions().Create(ctx, crd, metav1.CreateOptions{}); err != nil {
					errs <- fmt.Errorf("install %s: %w", crd.Name, err)
				}
			}
		}()
	}
	for _, crd := range crds {
		work <- crd
	}
	close(work)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if t.Failed() {
		return
	}
	t.Logf("created %d CRDs in %v", len(crds), time.Since(start))
	for {
		list, err := cs.ApiextensionsV1().CustomResourceDefinitions().List(ctx, metav1.ListOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var waiting []string
		for _, crd := range list.Items {
			established := false
			for _, c := range crd.Status.Conditions {
				switch {
				case c.Type == apiextv1.NonStructuralSchema && c.Status == apiextv1.ConditionTrue:
					t.Fatalf("%s: schema is not structural: %s", crd.Name, c.Message)
				case c.Type == apiextv1.Established && c.Status == apiextv1.ConditionTrue:
					established = true
				}
			}
			if !established {
				waiting = append(waiting, crd.Name)
			}
		}
		if len(list.Items) == len(crds) && len(waiting) == 0 {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatalf("%d of %d CRDs listed, not established: %s", len(list.Items), len(crds), strings.Join(waiting, ", "))
		case <-time.After(500 * time.Millisecond):
		}
	}
	t.Logf("all established after %v", time.Since(start))
}
