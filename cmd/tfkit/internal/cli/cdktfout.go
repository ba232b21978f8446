package cli

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tfkit/tfkit/internal/project"
	"github.com/tfkit/tfkit/manifest"
)

// A CDK for Terraform app (TypeScript, Python, Java, C#, or Go with the
// cdktf library) writes its own layout into CDKTF_OUTDIR when its App
// synthesizes:
//
//	manifest.json                 {"version": "0.20.0", "stacks": {NAME: {...}}}
//	stacks/<stack>/cdk.tf.json    the stack (cdk.tf with HCL output)
//
// synth gives such an app the staging directory as CDKTF_OUTDIR and turns
// what it wrote into tfkit's layout, so that its stacks are listed, diffed
// and deployed as tfkit's own.

// cdktfManifest is the manifest.json of a CDK for Terraform app.
type cdktfManifest struct {
	Version string                `json:"version"`
	Stacks  map[string]cdktfStack `json:"stacks"`
}

type cdktfStack struct {
	Name                 string            `json:"name"`
	ConstructPath        string            `json:"constructPath"`
	SynthesizedStackPath string            `json:"synthesizedStackPath"`
	WorkingDirectory     string            `json:"workingDirectory"`
	Annotations          []cdktfAnnotation `json:"annotations"`
	Dependencies         []string          `json:"dependencies"`
}

// cdktfAnnotation is what Annotations.of(construct).addError (or addWarning,
// addInfo) recorded; an error stops the cdktf CLI's synth, and tfkit's.
type cdktfAnnotation struct {
	ConstructPath string `json:"constructPath"`
	Level         string `json:"level"` // @cdktf/info, @cdktf/warn, @cdktf/error
	Message       string `json:"message"`
}

// cdktfAppEnv is what the cdktf CLI gives an app beside CDKTF_OUTDIR: its
// App reads the construct context from CDKTF_CONTEXT_JSON (cdktf.json's
// "context", else the variable as the environment has it, with
// cdktfRelativeModules, the local modules of "terraformModules", without
// which a local module's TerraformHclModule throws), and reports error
// annotations in the manifest instead of throwing
// (CDKTF_CONTINUE_SYNTH_ON_ERROR_ANNOTATIONS), for synth to report.
func cdktfAppEnv(r *run, cfg *project.Config) ([]string, error) {
	ctx := map[string]json.RawMessage{}
	src, from := cfg.Context, cfg.File
	if src == "" {
		src, from = lookupEnvIn(r.env.Environ, cdktfContextVar), "the environment's "+cdktfContextVar
	}
	if src != "" {
		if err := json.Unmarshal([]byte(src), &ctx); err != nil || ctx == nil {
			return nil, fmt.Errorf("the construct context in %s is not a JSON object: write an object, such as {\"environment\": \"dev\"}", from)
		}
	}
	relative := []string{}
	for _, m := range cfg.TerraformModules {
		if strings.HasPrefix(m.Source, "./") || strings.HasPrefix(m.Source, "../") {
			relative = append(relative, m.Source)
		}
	}
	ctx["cdktfRelativeModules"], _ = json.Marshal(relative)
	text, err := json.Marshal(ctx)
	if err != nil {
		return nil, err
	}
	return []string{cdktfContextVar + "=" + string(text), "CDKTF_CONTINUE_SYNTH_ON_ERROR_ANNOTATIONS=true"}, nil
}

// cdktfContextVar is where a CDK for Terraform App reads its context.
const cdktfContextVar = "CDKTF_CONTEXT_JSON"

// adoptCDKTFOutput rewrites a CDK for Terraform app's output in dir into
// tfkit's: each stack's configuration becomes main.tf.json (main.tf), every
// file of its working directory is listed with its SHA-256, dependencies
// are kept, and the stacks are listed in the order the app declared them,
// each after the stacks it depends on. It reports
// whether dir held such an output; the annotations are reported, and an
// error annotation is an error.
func adoptCDKTFOutput(r *run, dir string) (bool, error) {
	data, err := os.ReadFile(filepath.Join(dir, manifest.Name))
	if err != nil {
		return false, nil
	}
	var probe struct {
		Version json.RawMessage `json:"version"`
	}
	if json.Unmarshal(data, &probe) != nil || len(probe.Version) == 0 || probe.Version[0] != '"' {
		return false, nil // tfkit's own (a number), or nothing tfkit knows
	}
	var cm cdktfManifest
	if err := json.Unmarshal(data, &cm); err != nil {
		return true, fmt.Errorf("the app wrote a CDK for Terraform %s that does not decode: %v", manifest.Name, err)
	}
	byPath := map[string]string{} // construct path -> stack name
	for name, st := range cm.Stacks {
		byPath[st.ConstructPath] = name
	}
	var failed []string
	for _, name := range slices.Sorted(maps.Keys(cm.Stacks)) {
		for _, a := range cm.Stacks[name].Annotations {
			where := a.ConstructPath
			switch a.Level {
			case "@cdktf/error":
				failed = append(failed, where+": "+a.Message)
			case "@cdktf/warn":
				r.warnf("%s: %s", where, a.Message)
			}
		}
	}
	if len(failed) > 0 {
		return true, fmt.Errorf("the app reported errors: %s", strings.Join(failed, "; "))
	}

	m := manifest.Manifest{Version: manifest.Version, Format: "json"}
	for _, name := range cdktfOrder(cm, cdktfStackNames(data, cm), byPath) {
		st := cm.Stacks[name]
		work := path.Clean(filepath.ToSlash(st.WorkingDirectory))
		synthesized := path.Clean(filepath.ToSlash(st.SynthesizedStackPath))
		if !local(work) || !local(synthesized) || path.Dir(synthesized) != work {
			return true, fmt.Errorf("the app's %s names stack %q's files outside its working directory (%s, %s)", manifest.Name, name, st.WorkingDirectory, st.SynthesizedStackPath)
		}
		main := jsonFile
		if !strings.HasSuffix(synthesized, ".json") {
			main, m.Format = hclFile, "hcl"
		}
		if err := os.Rename(filepath.Join(dir, filepath.FromSlash(synthesized)), filepath.Join(dir, filepath.FromSlash(work), main)); err != nil {
			return true, fmt.Errorf("stack %q: %v", name, err)
		}
		ms := manifest.Stack{Name: name, Directory: work, Dependencies: []string{}}
		for _, p := range st.Dependencies {
			if dep, ok := byPath[p]; ok {
				ms.Dependencies = append(ms.Dependencies, dep)
			}
		}
		err := filepath.WalkDir(filepath.Join(dir, filepath.FromSlash(work)), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			src, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				return err
			}
			sum := sha256.Sum256(src)
			ms.Files = append(ms.Files, manifest.File{Path: filepath.ToSlash(rel), SHA256: hex.EncodeToString(sum[:])})
			return nil
		})
		if err != nil {
			return true, fmt.Errorf("stack %q: %v", name, err)
		}
		m.Stacks = append(m.Stacks, ms)
	}
	out, err := m.Marshal()
	if err != nil {
		return true, err
	}
	return true, os.WriteFile(filepath.Join(dir, manifest.Name), out, 0o644)
}

// cdktfOrder lists the stacks of names (in the app's order) so that each
// comes after those it depends on.
func cdktfOrder(cm cdktfManifest, names []string, byPath map[string]string) []string {
	var out []string
	done := map[string]bool{}
	var visit func(name string, seen []string)
	visit = func(name string, seen []string) {
		if done[name] || slices.Contains(seen, name) {
			return // a cycle is the runner's to report
		}
		for _, p := range cm.Stacks[name].Dependencies {
			if dep, ok := byPath[p]; ok {
				visit(dep, append(seen, name))
			}
		}
		done[name] = true
		out = append(out, name)
	}
	for _, n := range names {
		visit(n, nil)
	}
	return out
}

// cdktfStackNames lists the stacks of a CDK for Terraform manifest in the
// order the app declared them, which is the order of the keys of its
// "stacks" object; those it cannot read in order (it always can, the
// manifest having decoded) follow by name.
func cdktfStackNames(data []byte, cm cdktfManifest) []string {
	var names []string
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err == nil && t == json.Delim('{') {
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				break
			}
			if key != "stacks" {
				var skip json.RawMessage
				if dec.Decode(&skip) != nil {
					break
				}
				continue
			}
			if t, err := dec.Token(); err != nil || t != json.Delim('{') {
				break
			}
			for dec.More() {
				name, err := dec.Token()
				var skip json.RawMessage
				if err != nil || dec.Decode(&skip) != nil {
					break
				}
				if n, ok := name.(string); ok && !slices.Contains(names, n) {
					names = append(names, n)
				}
			}
			break
		}
	}
	for _, n := range slices.Sorted(maps.Keys(cm.Stacks)) {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names
}

// local reports whether a slash path stays inside the directory it is
// relative to.
func local(p string) bool {
	return p != "." && p != ".." && !path.IsAbs(p) && !strings.HasPrefix(p, "../")
}
