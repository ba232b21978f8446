package render

import (
	"errors"

	"github.com/tfkit/tfkit/config"
)

// HCL renders cfg as the text of a main.tf file.
func HCL(cfg *config.Config) ([]byte, error) {
	return nil, errors.New("render: HCL renderer not implemented yet")
}

// JSON renders cfg as the text of a main.tf.json file.
func JSON(cfg *config.Config) ([]byte, error) {
	return nil, errors.New("render: JSON renderer not implemented yet")
}
