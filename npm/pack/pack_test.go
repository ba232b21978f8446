package main

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func TestPlatformNames(t *testing.T) {
	var got []string
	for _, p := range platforms {
		got = append(got, p.pkgName()+" "+p.exe())
	}
	want := []string{
		"@tfkit/linux-x64 tfkit", "@tfkit/linux-arm64 tfkit",
		"@tfkit/darwin-x64 tfkit", "@tfkit/darwin-arm64 tfkit",
		"@tfkit/win32-x64 tfkit.exe", "@tfkit/win32-arm64 tfkit.exe",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("platform packages = %q, want %q", got, want)
	}
	if _, err := parsePlatforms("linux/amd64,plan9/386"); err == nil || !strings.Contains(err.Error(), "plan9/386") {
		t.Errorf("an unknown platform is not refused: %v", err)
	}
	if ps, err := parsePlatforms("host"); err != nil || len(ps) != 1 || ps[0].goos != runtime.GOOS || ps[0].goarch != runtime.GOARCH {
		t.Errorf("host = %v, %v; want this machine's platform", ps, err)
	}
}

// TestLauncherNamesMatch: bin/tfkit.js looks for the packages pack writes,
// by Node's names for the platform and the architecture.
func TestLauncherNamesMatch(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "bin", "tfkit.js"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"`@tfkit/${process.platform}-${process.arch}/bin/${exe}`", `"tfkit.exe"`} {
		if !strings.Contains(string(src), want) {
			t.Errorf("bin/tfkit.js does not contain %s", want)
		}
	}
}

type packageJSON struct {
	Name                 string            `json:"name"`
	Version              string            `json:"version"`
	OS                   []string          `json:"os"`
	CPU                  []string          `json:"cpu"`
	Files                []string          `json:"files"`
	Bin                  map[string]string `json:"bin"`
	OptionalDependencies map[string]string `json:"optionalDependencies"`
}

func readPackage(t *testing.T, path string) packageJSON {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var p packageJSON
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return p
}

// TestCheckedInOptionalDependencies holds npm/package.json to the
// platforms pack builds, at its own version.
func TestCheckedInOptionalDependencies(t *testing.T) {
	p := readPackage(t, filepath.Join("..", "package.json"))
	want := map[string]string{}
	for _, pl := range platforms {
		want[pl.pkgName()] = p.Version
	}
	if !reflect.DeepEqual(p.OptionalDependencies, want) {
		t.Errorf("npm/package.json optionalDependencies = %v, want %v", p.OptionalDependencies, want)
	}
}

// TestStage builds the package of this machine's platform, installs it
// beside the main package as npm would (node_modules/tfkit and
// node_modules/@tfkit/<platform>-<arch>), and runs the launcher, which
// must find the binary through the platform package alone. npm pack
// --dry-run then lists what each package would publish.
func TestStage(t *testing.T) {
	if testing.Short() {
		t.Skip("cross-builds the tfkit binary")
	}
	var host platform
	for _, p := range platforms {
		if p.goos == runtime.GOOS && p.goarch == runtime.GOARCH {
			host = p
		}
	}
	if host.goos == "" {
		t.Skipf("no npm package for %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	repo, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	project := t.TempDir()
	nm := filepath.Join(project, "node_modules")
	const version = "1.2.3-test.1"
	if err := stage(options{repo: repo, out: nm, version: version, platforms: []platform{host}, log: io.Discard}); err != nil {
		t.Fatal(err)
	}

	pdir := filepath.Join(nm, filepath.FromSlash(host.pkgName()))
	pp := readPackage(t, filepath.Join(pdir, "package.json"))
	if pp.Name != host.pkgName() || pp.Version != version || !slices.Equal(pp.OS, []string{host.npmOS()}) || !slices.Equal(pp.CPU, []string{host.npmCPU()}) {
		t.Errorf("platform package.json = %+v", pp)
	}
	bin := filepath.Join(pdir, "bin", host.exe())
	if fi, err := os.Stat(bin); err != nil || fi.Mode().Perm()&0o111 == 0 {
		t.Fatalf("binary %s: %v", bin, err)
	}

	mp := readPackage(t, filepath.Join(nm, "tfkit", "package.json"))
	if mp.Name != "tfkit" || mp.Version != version || !reflect.DeepEqual(mp.OptionalDependencies, map[string]string{host.pkgName(): version}) {
		t.Errorf("main package.json = %+v", mp)
	}
	for _, f := range mp.Files {
		if _, err := os.Stat(filepath.Join(nm, "tfkit", filepath.FromSlash(f))); err != nil {
			t.Errorf("main package lacks %s: %v", f, err)
		}
	}

	if node, err := exec.LookPath("node"); err != nil {
		t.Log("node is not on PATH: the launcher is not run")
	} else {
		cmd := exec.Command(node, filepath.Join(nm, "tfkit", "bin", "tfkit.js"), "version")
		cmd.Dir = project
		// No TFKIT_BINARY and no tfkit on PATH: only the platform
		// package can provide the binary.
		cmd.Env = []string{"PATH=" + filepath.Dir(node), "HOME=" + project}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("launcher: %v\n%s", err, out)
		}
		if want := "tfkit v" + version + "\n"; string(out) != want {
			t.Errorf("launcher printed %q, want %q", out, want)
		}
	}

	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Log("npm is not on PATH: npm pack is not run")
		return
	}
	packed := func(dir string) []string {
		t.Helper()
		cmd := exec.Command(npm, "pack", "--dry-run", "--json", "--ignore-scripts", "--offline")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "npm_config_cache="+filepath.Join(project, ".npm"), "npm_config_update_notifier=false")
		out, err := cmd.Output()
		if err != nil {
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				t.Fatalf("npm pack in %s: %v\n%s", dir, err, exit.Stderr)
			}
			t.Fatalf("npm pack in %s: %v", dir, err)
		}
		var res []struct {
			Name    string `json:"name"`
			Version string `json:"version"`
			Files   []struct {
				Path string `json:"path"`
				Mode int    `json:"mode"`
			} `json:"files"`
		}
		if err := json.Unmarshal(out, &res); err != nil || len(res) != 1 {
			t.Fatalf("npm pack --json: %v\n%s", err, out)
		}
		if res[0].Version != version {
			t.Errorf("%s: npm packs version %s, want %s", res[0].Name, res[0].Version, version)
		}
		var files []string
		for _, f := range res[0].Files {
			files = append(files, f.Path)
			if (f.Path == "bin/"+host.exe() || f.Path == "bin/tfkit.js") && f.Mode&0o111 == 0 {
				t.Errorf("%s: %s is packed without the executable bit", res[0].Name, f.Path)
			}
		}
		return files
	}
	if files := packed(pdir); !slices.Equal(files, []string{"README.md", "bin/" + host.exe(), "package.json"}) {
		t.Errorf("%s would publish %q", host.pkgName(), files)
	}
	files := packed(filepath.Join(nm, "tfkit"))
	for _, want := range []string{"bin/tfkit.js", "index.d.ts", "jsx-runtime.d.ts", "globals.d.ts", "package.json", "README.md"} {
		if !slices.Contains(files, want) {
			t.Errorf("tfkit would publish %q, without %s", files, want)
		}
	}
}
