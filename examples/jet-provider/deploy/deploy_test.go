// Package deploy_test checks the example's Deployment and RBAC manifest.
package deploy_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

// TestManifest: every document decodes strictly into its API type, the
// ClusterRole grants the manager every CRD's group with its status, and
// the Deployment runs two replicas with leader election.
func TestManifest(t *testing.T) {
	data, err := os.ReadFile("provider.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var role *rbacv1.ClusterRole
	var dep *appsv1.Deployment
	for _, doc := range bytes.Split(data, []byte("\n---\n")) {
		var meta struct{ Kind string }
		if err := yaml.Unmarshal(doc, &meta); err != nil {
			t.Fatal(err)
		}
		switch meta.Kind {
		case "ClusterRole":
			role = &rbacv1.ClusterRole{}
			err = yaml.UnmarshalStrict(doc, role)
		case "Deployment":
			dep = &appsv1.Deployment{}
			err = yaml.UnmarshalStrict(doc, dep)
		case "Role":
			err = yaml.UnmarshalStrict(doc, &rbacv1.Role{})
		case "RoleBinding":
			err = yaml.UnmarshalStrict(doc, &rbacv1.RoleBinding{})
		case "ClusterRoleBinding":
			err = yaml.UnmarshalStrict(doc, &rbacv1.ClusterRoleBinding{})
		case "Namespace", "ServiceAccount":
		default:
			t.Errorf("unexpected kind %q", meta.Kind)
		}
		if err != nil {
			t.Errorf("%s: %v", meta.Kind, err)
		}
	}
	if role == nil || dep == nil {
		t.Fatal("no ClusterRole or Deployment")
	}
	crds, _ := filepath.Glob("../package/crds/*.yaml")
	if len(crds) == 0 {
		t.Fatal("no CRDs")
	}
	for _, p := range crds {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var crd apiextv1.CustomResourceDefinition
		if err := yaml.Unmarshal(b, &crd); err != nil {
			t.Fatal(err)
		}
		for _, res := range []string{crd.Spec.Names.Plural, crd.Spec.Names.Plural + "/status"} {
			if !grants(role, crd.Spec.Group, res, "update") {
				t.Errorf("the ClusterRole does not let the manager update %s in %s", res, crd.Spec.Group)
			}
		}
	}
	if dep.Spec.Replicas == nil || *dep.Spec.Replicas != 2 || !slices.Contains(dep.Spec.Template.Spec.Containers[0].Args, "--leader-elect") {
		t.Error("the Deployment should run two replicas with --leader-elect")
	}
}

func grants(role *rbacv1.ClusterRole, group, res, verb string) bool {
	for _, r := range role.Rules {
		if !slices.Contains(r.APIGroups, group) || !slices.Contains(r.Verbs, verb) {
			continue
		}
		for _, x := range r.Resources {
			if x == res || x == "*" && !bytes.Contains([]byte(res), []byte("/")) || x == "*/status" && bytes.HasSuffix([]byte(res), []byte("/status")) {
				return true
			}
		}
	}
	return false
}
