package controller

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// connectionDetails returns the connection Secret's data for the state's
// attributes attrs: the value of each Terraform attribute path of mapping
// (GetConnectionDetailsMapping) under its key. A path into nested blocks
// (kube_config.password) has a value per block: a list's blocks get their
// index in the key, as Upjet's keys have it (attribute.kube_config.0.password).
// Attributes the state leaves null are left out.
func connectionDetails(attrs map[string]any, mapping map[string]string) (map[string][]byte, error) {
	data := map[string][]byte{}
	for attr, key := range mapping {
		segs := strings.Split(attr, ".")
		// The generated keys are attribute.<path>: the indices go into
		// the path part. A key of another shape gets them at its end.
		prefix, hasPath := strings.CutSuffix(key, attr)
		var err error
		walk(attrs, segs, nil, nil, func(path, indices []string, v any) {
			if err != nil {
				return
			}
			k := key
			switch {
			case hasPath && len(indices) > 0:
				k = prefix + strings.Join(path, ".")
			case len(indices) > 0:
				k = key + "." + strings.Join(indices, ".")
			}
			var b []byte
			if b, err = connectionValue(v); err != nil {
				err = fmt.Errorf("connection Secret key %s: attribute %s: %w", k, attr, err)
				return
			}
			data[k] = b
		})
		if err != nil {
			return nil, err
		}
	}
	return data, nil
}

// walk calls put with the value at the attribute path segs of v, once per
// element of the lists of blocks on the way; path is the way taken, with
// those elements' indices, and indices the indices alone. Null values are
// left out.
func walk(v any, segs, path, indices []string, put func(path, indices []string, v any)) {
	if v == nil {
		return
	}
	if len(segs) == 0 {
		put(path, indices, v)
		return
	}
	switch o := v.(type) {
	case map[string]any:
		walk(o[segs[0]], segs[1:], append(path[:len(path):len(path)], segs[0]), indices, put)
	case []any:
		// A list or set of blocks (or objects): each element.
		for i, e := range o {
			n := strconv.Itoa(i)
			walk(e, segs, append(path[:len(path):len(path)], n), append(indices[:len(indices):len(indices)], n), put)
		}
	}
}

// connectionValue is how a connection Secret holds an attribute's value,
// as a consumer of the Secret (an application reading an environment
// variable or a file, a composition) expects it: a string as it is; a
// number in its shortest decimal form, without an exponent (8080, 0.5); a
// bool as true or false; a list, set, map or object as compact JSON with
// its keys sorted, so the Secret is the same for the same state. (Upjet
// takes strings only, and lists and maps of strings one element a key;
// the other values fail its reconcile.)
func connectionValue(v any) ([]byte, error) {
	switch v := v.(type) {
	case string:
		return []byte(v), nil
	case float64:
		return []byte(strconv.FormatFloat(v, 'f', -1, 64)), nil
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	// A URL or a connection string in a list keeps its & < >.
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
