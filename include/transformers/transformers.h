// Umbrella header of the reference `transformers` library.
#ifndef TRANSFORMERS_TRANSFORMERS_H
#define TRANSFORMERS_TRANSFORMERS_H

#include <transformers/cache_utils.h>
#include <transformers/configuration_utils.h>
#include <transformers/errors.h>
#include <transformers/generation/configuration_utils.h>
#include <transformers/generation/utils.h>
#include <transformers/modeling.h>
#include <transformers/tensor.h>

#endif // TRANSFORMERS_TRANSFORMERS_H
