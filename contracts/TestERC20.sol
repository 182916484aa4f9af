// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title TestERC20
/// @notice Stand-in stablecoin (USDC, USDT, DAI, FAU) for the local development chain.
/// @dev LOCAL FAUCET ONLY: `mint` is open to anyone, so this token has no value and must never be
///      deployed to a public network.
contract TestERC20 is ERC20 {
    uint8 private immutable _decimals;

    constructor(string memory name_, string memory symbol_, uint8 decimals_) ERC20(name_, symbol_) {
        _decimals = decimals_;
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    /// @notice Creates `amount` base units for `to`. Unrestricted on purpose (local faucet).
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
