package runner

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-exec/tfexec"
)

// engineEnv turns the user's environment into what terraform-exec accepts:
// it refuses to pass variables it sets itself (TF_LOG*, TF_INPUT,
// TF_CLI_ARGS*, TF_WORKSPACE, TF_VAR_*...). The TF_VAR_ variables are
// returned by name (without the prefix) for Plan to pass as -var options
// those the stack declares (see varOptions); the logging variables are
// returned apart for Open to hand to terraform-exec's logging settings.
// Everything else, TF_CLI_CONFIG_FILE, TF_PLUGIN_CACHE_DIR and credentials
// included, goes to the engine unchanged. Later entries win, as in
// exec.Cmd.
func engineEnv(environ []string) (env, vars, logs map[string]string) {
	all := map[string]string{}
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok {
			all[k] = v
		}
	}
	vars = map[string]string{}
	for k, v := range all {
		if name, ok := strings.CutPrefix(k, "TF_VAR_"); ok && name != "" {
			vars[name] = v
		}
	}
	logs = map[string]string{}
	for _, k := range []string{"TF_LOG", "TF_LOG_PATH", "TF_LOG_CORE", "TF_LOG_PROVIDER"} {
		logs[k] = all[k]
	}
	return tfexec.CleanEnv(all), vars, logs
}

// CheckEnv reports what of the user's environment the engine will not see
// as it would when run directly: an error for TF_WORKSPACE (tfkit would
// silently use another workspace's state), warnings for the rest.
func CheckEnv(environ []string) (warnings []string, err error) {
	seen := map[string]string{}
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok {
			seen[k] = v
		}
	}
	if seen["TF_WORKSPACE"] != "" {
		return nil, fmt.Errorf("TF_WORKSPACE=%s is set, but tfkit keeps one state per stack and does not select workspaces; unset it, or use another output directory (--out) for another environment", seen["TF_WORKSPACE"])
	}
	var dropped []string
	for k, v := range seen {
		if v != "" && (k == "TF_CLI_ARGS" || strings.HasPrefix(k, "TF_CLI_ARGS_")) {
			dropped = append(dropped, k)
		}
	}
	sort.Strings(dropped)
	for _, k := range dropped {
		warnings = append(warnings, fmt.Sprintf("%s is ignored: tfkit passes the engine's arguments itself", k))
	}
	if seen["TF_LOG"] != "" && seen["TF_LOG_PATH"] == "" {
		warnings = append(warnings, "TF_LOG is ignored without TF_LOG_PATH: the engine's log would mix with its output")
	}
	return warnings, nil
}
