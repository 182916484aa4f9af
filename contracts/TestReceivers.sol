// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

/// @title TestSafeLikeWallet
/// @notice Stands in for a Safe on the local chain: like a Safe proxy (whose fallback delegates to its
///         singleton and emits SafeReceived) it accepts native currency, but its receive() needs far more
///         than the 2,300 gas a Solidity `transfer` forwards: it writes storage and emits an event.
///         Request Network's EthereumFeeProxy pays the fee with `transfer`, so this wallet cannot be a
///         native payment's fee address; as payee (paid with a full-gas `call`) it works.
/// @dev LOCAL TESTING ONLY: it never sends anything out.
contract TestSafeLikeWallet {
    event SafeReceived(address indexed sender, uint256 value);

    uint256 public receivedCount;

    receive() external payable {
        receivedCount += 1;
        emit SafeReceived(msg.sender, msg.value);
    }
}

/// @title TestCheapReceiver
/// @notice A contract whose receive() does nothing, so it fits in the 2,300-gas stipend of `transfer`:
///         a contract fee address or payee that Request Network's EthereumFeeProxy can pay.
/// @dev LOCAL TESTING ONLY.
contract TestCheapReceiver {
    receive() external payable {}
}
